import { useParams } from "wouter";
import { ShopDetail } from "../../features/shops/components/shop-detail";

export default function ShopPage() {
  const { id } = useParams<{ id: string }>();
  return <ShopDetail key={id} id={Number(id)} />;
}
