// Placeholder until this screen lands.
export default function Page() {
  return <div className="p-8">home-page</div>;
}
