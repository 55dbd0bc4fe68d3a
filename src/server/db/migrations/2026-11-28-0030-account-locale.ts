import type { Kysely } from 'kysely';

// The account's language (issue 36, docs/decisions/0164-the-accounts-language.md): `locale`, the one the
// account chose (en-US, de-DE or zh-CN; null: the browser decides), set at registration from the request's
// language; `sign_in_locale`, the language of its last sign-in or registration request, which mails and
// pushes use while `locale` is null. Every account made before this one has neither: English, as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
  await db.schema.alterTable('users').addColumn('sign_in_locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sign_in_locale').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
