/**
 * What the QR code holds: the receiving account's number as plain digits
 * ("09000000111"). KBZPay's and Wave's own QR codes are app-generated
 * payloads (MMQR, EMVCo-based) that need the provider's merchant ids,
 * which a personal receiving account does not have, and we found no
 * published format they accept for a bare number; plain digits are what
 * every scanner (the payment apps' "scan from album" and the phone's
 * camera) reads and offers to copy, so the customer never retypes them.
 */
export function qrText(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
