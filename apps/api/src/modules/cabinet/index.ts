/** The cabinet module as the rest of the API uses it: accounts, sessions and shop teams (DESIGN §12). */
export { cabinetRoutes } from './cabinet.routes';
export { assertPasswordNotLeaked, decoyHash, hashPassword, verifyPassword } from './passwords';
export { purgeEndedLinks } from './retention';
export { sessionAccess } from './sessions';
export { inviteFirstOwner } from './team.service';
