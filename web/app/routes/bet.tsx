import { useParams } from "wouter";
import { BetDetail } from "../../features/bets";

export default function BetPage() {
  const { id } = useParams<{ id: string }>();
  return <BetDetail key={id} id={Number(id)} />;
}
