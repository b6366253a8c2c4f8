import { useParams } from "wouter";
import { CustomerDetail } from "../../features/customers/components/customer-detail";

export default function CustomerPage() {
  const { id } = useParams<{ id: string }>();
  return <CustomerDetail key={id} id={Number(id)} />;
}
