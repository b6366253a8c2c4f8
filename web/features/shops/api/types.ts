import type { BetCounts } from "../../customers";

export type { ShopDto as Shop } from "../../../../src/modules/shops/shops.service";

export interface ShopStats extends BetCounts {
  totalStakes: string;
  potentialPayouts: string;
}
