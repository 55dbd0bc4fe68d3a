import { contactNoticeTexts, scrubTexts } from '../src/shared/messaging/scrub-texts.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { SendMessagePage } from './pages/send-message-page.js';

/*
 * Contact details scrubbed (issue 33 point 2, docs/decisions/0148): the finder is told before sending, and
 * both the finder's status page and the owner's chat show the number masked.
 */

test('a phone number a finder writes is masked on their status page and in the owner’s chat', async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  const finder = await aFindersPhone(browser, baseURL);
  const send = new SendMessagePage(finder.page);
  await finder.page.goto(`/message/${vehicle.id}`);
  await send.expectShown(vehicle.licensePlate);
  await expect(finder.page.getByText(contactNoticeTexts.notice)).toBeVisible();
  await send.content.fill('call me on +44 7911 123456');
  await send.submit();
  await send.expectSent();
  const masked = `call me on ${scrubTexts.phone}`;
  await expect(finder.page.getByText(masked, { exact: true })).toBeVisible();
  await expect(finder.page.getByText(/7911/)).toHaveCount(0);

  const owner = new ConversationsPage(page);
  await owner.goto();
  await owner.open(/Anonymous visitor/);
  await expect(owner.message(masked)).toBeVisible();
  await expect(page.getByText(/7911/)).toHaveCount(0);
  await expect(page.getByText(contactNoticeTexts.notice)).toBeVisible();

  await finder.context.close();
  expect(finder.errors, "errors the finder's page wrote to its console").toEqual([]);
});
