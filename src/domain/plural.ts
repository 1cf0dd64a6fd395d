/** A count with its noun: 1 subscription, 3 subscriptions. */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`
