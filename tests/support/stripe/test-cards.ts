// Stripe's test card numbers (https://docs.stripe.com/testing) and what paying with them does here.

export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

export type CardOutcome =
  | { ok: true; brand: string; last4: string; funding: string }
  | { ok: false; declineCode: string; message: string }

const DECLINES: Record<string, { declineCode: string; message: string }> = {
  '4000000000000002': { declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { declineCode: 'expired_card', message: 'Your card has expired.' },
}

const luhn = (digits: string): boolean => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const brandOf = (digits: string): string => {
  if (digits.startsWith('4')) return 'visa'
  if (/^5[1-5]|^2[2-7]/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'unknown'
}

export const cardOutcome = (cardNumber: string): CardOutcome => {
  const digits = cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
    return { ok: false, declineCode: 'incorrect_number', message: 'Your card number is incorrect.' }
  const decline = DECLINES[digits]
  if (decline) return { ok: false, ...decline }
  return { ok: true, brand: brandOf(digits), last4: digits.slice(-4), funding: 'credit' }
}
