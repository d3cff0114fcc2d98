/** The verification module as the rest of the API uses it. */
export {
  CODE_RULES,
  checkCode,
  issueCode,
  markUsed,
  noteShopCodeCap,
  purgeExpiredCodes,
  ShopCodeCapReached,
  type ShopCodeCaps,
} from './verification.service';
