/** The shape every catalogue has: the same keys as English, each a string (decision 065). */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
