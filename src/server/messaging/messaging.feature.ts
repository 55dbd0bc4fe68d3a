import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { visitorCookie } from '../plugins/session.js';
import { generateToken } from '../tokens.js';
import { addMessagingAccountData } from './account-data.js';
import { registerBlocksRoutes } from './blocks.routes.js';
import { createBlocksService } from './blocks.service.js';
import { cachedConversationList } from './conversation-list.cache.js';
import { createConversationsService } from './conversations.service.js';
import { createFeedbackService } from './feedback.service.js';
import { messagingServiceDeps } from './messaging.deps.js';
import { registerMessagingRoutes } from './messaging.routes.js';
import { registerMessagingSubscribers } from './messaging.subscribers.js';
import { createRetentionService, retentionJob } from './retention.service.js';
import { createSendService } from './send.service.js';
import { createStatusService } from './status.service.js';

/** Messages to vehicles, conversations, blocks, feedback; the unread counts it offers are FeatureDeps.messaging. */
export const registerMessagingFeature: Feature = (app, deps) => {
  const services = messagingServiceDeps(deps, (error) =>
    app.log.warn({ code: errorCode(error) }, 'announce failed'),
  );
  const conversations = createConversationsService(services);
  const status = createStatusService(services);
  const blocks = createBlocksService(services);
  deps.jobs.register(retentionJob(createRetentionService(services)));
  registerMessagingSubscribers(deps.events, services.clock);
  registerMessagingRoutes(app, {
    send: createSendService(services),
    conversations,
    status,
    conversationList: cachedConversationList(conversations, services.clock),
    unread: deps.messaging,
    visitorCookie: visitorCookie(deps.config.isHttps),
    newVisitorToken: generateToken,
    now: services.clock,
  });
  registerBlocksRoutes(app, { blocks, feedback: createFeedbackService({ ...services, blocks }) });
  addMessagingAccountData(deps.accountData, { conversations, blocks, status, feedback: services.feedback });
};
