// The CSS a chart needs, imported by each page module that draws one (so it loads with those pages,
// never with the sign-in page): Mantine charts' own rules and ColorSwatch's, which the charts'
// legend is built on. Without ColorSwatch's rules a legend's colour keys were 0 × 0 px.
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
