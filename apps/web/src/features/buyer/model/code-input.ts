/** Spec §9: codes are digits only, at most 6 (step 2's codes and the offer's signing code alike). */
export const CODE_LENGTH = 6;
export const normalizeCodeInput = (raw: string) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
