/** Query keys double as paths: readQuery (lib/api.ts) GETs the joined key. */
export const queryKeys = {
  user: ['/api/auth/user'],
  providers: ['/api/auth/providers'],
} as const;
