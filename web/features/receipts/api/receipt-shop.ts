import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import type { ReceiptData } from "../receipt-data";

/**
 * The receipt with its shop's location, address and phone when the server knows them (the
 * movement's answer names the shop only). Same cache entry as the shop's own page; asked
 * when the receipt is offered, so it is there by the time Print is pressed. Without an
 * answer the receipt prints the name alone.
 */
export function useReceiptShop(receipt: ReceiptData): { receipt: ReceiptData; ready: boolean } {
  const id = receipt.shop.id;
  const known = receipt.shop.address !== undefined;
  const { data: shop, isPending } = useQuery({
    queryKey: ["/api/shops", id ?? 0],
    queryFn: ({ signal }) => call("getShop", { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined && id > 0 && !known,
    staleTime: 5 * 60_000,
  });
  // Ready once the shop's answer is in (or none was asked, or it failed: the name prints).
  const ready = !isPending || id === undefined || known;
  if (!shop) return { receipt, ready };
  return {
    ready,
    receipt: {
      ...receipt,
      shop: {
        id: shop.id,
        name: shop.name,
        location: shop.location,
        address: shop.address,
        phone: shop.phone,
      },
    },
  };
}
