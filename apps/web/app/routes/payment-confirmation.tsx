// Being written: payment-confirmation.
export default function Page() {
  return <p>Coming soon.</p>;
}
