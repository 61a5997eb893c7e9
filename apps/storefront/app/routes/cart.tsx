/** Placeholder: owned by the cart/checkout work (issue 2). */
export default function Placeholder() {
  return <main><h1>cart</h1></main>;
}
