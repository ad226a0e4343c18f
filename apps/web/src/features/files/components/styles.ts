// Styles of the Mantine components these screens use that app/styles.ts does not load yet
// (it loads per-component CSS, DESIGN §7); importing one twice is harmless.
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/dropzone/styles.css';
