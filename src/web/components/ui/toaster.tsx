import { Toaster as Sonner } from 'sonner';

/**
 * Toast outlet, mounted once in the app; toasts auto-dismiss after 5 s (docs/product.md §9). Use
 * `toast.success(...)`. Bottom right, where they never cover the top bar's bell, name and Logout.
 */
export function Toaster() {
  return <Sonner position="bottom-right" duration={5000} richColors closeButton />;
}

export { toast } from 'sonner';
