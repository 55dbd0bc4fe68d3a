import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './index.js';
import * as m20261121Accounts from './migrations/2026-11-21-0001-accounts.js';
import * as m20261121Vehicles from './migrations/2026-11-21-0002-vehicles.js';
import * as m20261121VerificationBinding from './migrations/2026-11-21-0003-verification-binding.js';
import * as m20261123SampleVehicle from './migrations/2026-11-23-0004-sample-vehicle.js';
import * as m20261123VerificationLinks from './migrations/2026-11-23-0005-verification-links.js';
import * as m20261123TrustedDevices from './migrations/2026-11-23-0006-trusted-devices.js';
import * as m20261123Messaging from './migrations/2026-11-23-0007-messaging.js';
import * as m20261123Push from './migrations/2026-11-23-0008-push.js';
import * as m20261123NotificationPreferences from './migrations/2026-11-23-0009-notification-preferences.js';
import * as m20261125InboxVersion from './migrations/2026-11-25-0010-inbox-version.js';
import * as m20261126FewerConversationIndexEntries from './migrations/2026-11-26-0011-fewer-conversation-index-entries.js';
import * as m20261127BlockShownAs from './migrations/2026-11-27-0012-block-shown-as.js';
import * as m20261127IdempotencyRequest from './migrations/2026-11-27-0013-idempotency-request.js';
import * as m20261127PushJobsMessage from './migrations/2026-11-27-0014-push-jobs-message.js';
import * as m20261127VisitorNetworkBlock from './migrations/2026-11-27-0015-visitor-network-block.js';
import * as m20261128FinderSide from './migrations/2026-11-28-0016-finder-side.js';
import * as m20261128QuietHoursUrgent from './migrations/2026-11-28-0017-quiet-hours-urgent.js';
import * as m20261128Feedback from './migrations/2026-11-28-0018-feedback.js';
import * as m20261128ConversationOutlivesVehicle from './migrations/2026-11-28-0019-conversation-outlives-vehicle.js';
import * as m20261128StickerCodes from './migrations/2026-11-28-0020-sticker-codes.js';
import * as m20261128AccountLocale from './migrations/2026-11-28-0030-account-locale.js';

/** Every migration, in order. Checked-in files, never edited once landed. */
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-accounts': m20261121Accounts,
  '2026-11-21-0002-vehicles': m20261121Vehicles,
  '2026-11-21-0003-verification-binding': m20261121VerificationBinding,
  '2026-11-23-0004-sample-vehicle': m20261123SampleVehicle,
  '2026-11-23-0005-verification-links': m20261123VerificationLinks,
  '2026-11-23-0006-trusted-devices': m20261123TrustedDevices,
  '2026-11-23-0007-messaging': m20261123Messaging,
  '2026-11-23-0008-push': m20261123Push,
  '2026-11-23-0009-notification-preferences': m20261123NotificationPreferences,
  '2026-11-25-0010-inbox-version': m20261125InboxVersion,
  '2026-11-26-0011-fewer-conversation-index-entries': m20261126FewerConversationIndexEntries,
  '2026-11-27-0012-block-shown-as': m20261127BlockShownAs,
  '2026-11-27-0013-idempotency-request': m20261127IdempotencyRequest,
  '2026-11-27-0014-push-jobs-message': m20261127PushJobsMessage,
  '2026-11-27-0015-visitor-network-block': m20261127VisitorNetworkBlock,
  '2026-11-28-0016-finder-side': m20261128FinderSide,
  '2026-11-28-0017-quiet-hours-urgent': m20261128QuietHoursUrgent,
  '2026-11-28-0018-feedback': m20261128Feedback,
  '2026-11-28-0019-conversation-outlives-vehicle': m20261128ConversationOutlivesVehicle,
  '2026-11-28-0020-sticker-codes': m20261128StickerCodes,
  '2026-11-28-0030-account-locale': m20261128AccountLocale,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Up (or down) to the named migration: for tests that put data in an older schema and migrate it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  if (!Object.hasOwn(migrations, name)) throw new Error(`No migration ${name}`);
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateTo(name);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
