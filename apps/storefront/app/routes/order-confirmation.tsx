/** Placeholder: owned by the cart/checkout work (issue 2). */
export default function Placeholder() {
  return <main><h1>order-confirmation</h1></main>;
}
