// Styles of the Mantine components the create page uses that app/styles.ts does not load (it loads
// per-component CSS, DESIGN §7); importing one twice is harmless.
import '@mantine/core/styles/Grid.css';
