import { useParams } from "wouter";
import { ShiftReport } from "../../features/shifts";

export default function ShiftPage() {
  const { id } = useParams<{ id: string }>();
  return <ShiftReport key={id} id={Number(id)} />;
}
