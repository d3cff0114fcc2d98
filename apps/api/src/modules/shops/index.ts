/** The shops module as the rest of the API uses it. */
export { findShopByKeyHash } from './shops.repository';
export { shopsRoutes } from './shops.routes';
export {
  createShop,
  createShopIn,
  findShopContact,
  findShopName,
  getPublicShop,
  registerShop,
  rotateKey,
  rotateKeys,
  syncDemoShop,
} from './shops.service';
export {
  findStaffShop,
  resumeShop,
  type StaffShopRow,
  searchShops,
  setShopInn,
  suspendShop,
} from './suspension.service';
