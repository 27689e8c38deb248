// Placeholder until this screen lands.
export default function Page() {
  return <div className="p-8">update-phone-page</div>;
}
