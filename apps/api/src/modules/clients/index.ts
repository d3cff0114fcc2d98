/** The clients module as the rest of the API uses it. */
export { checkStep1, findClient, insertClient, insertConsent, updateClient } from './clients.service';
