/** The verification module as the rest of the API uses it. */
export {
  checkCode,
  issueCode,
  markUsed,
  noteShopCodeCap,
  purgeExpiredCodes,
  ShopCodeCapReached,
  type ShopCodeCaps,
} from './verification.service';
