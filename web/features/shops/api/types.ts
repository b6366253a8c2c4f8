export type { ShopDto as Shop, ShopStatsDto as ShopStats } from "../../../../src/domain/dto";
