export default function Index() {
  return <main><h1>Atelier</h1></main>;
}
