/** The live module as the rest of the API uses it. */
export { EventFeed, FEED_POLL_MS, type FeedTimers } from './event-feed';
export { liveRoutes } from './live.routes';
