/** Placeholder: owned by the cart/checkout work (issue 2). */
export default function Placeholder() {
  return <main><h1>checkout</h1></main>;
}
