/** Query keys double as paths: the default query function GETs the joined key. */
export const queryKeys = {
  user: ['/api/auth/user'],
  providers: ['/api/auth/providers'],
} as const;
