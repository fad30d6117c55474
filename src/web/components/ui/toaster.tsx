import { Toaster as Sonner } from 'sonner';

/**
 * Toast outlet, mounted once in the app; toasts auto-dismiss after 5 s (docs/product.md §9). Use
 * `toast.success(...)`. Bottom right, where they never cover the top bar's bell, name and Logout.
 * Sonner draws its own colours, so it is told the theme on screen.
 */
export function Toaster({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  return <Sonner position="bottom-right" duration={5000} richColors closeButton theme={theme} />;
}

export { toast } from 'sonner';
