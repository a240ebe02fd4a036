// Being written: checkout.
export default function Page() {
  return <p>Coming soon.</p>;
}
