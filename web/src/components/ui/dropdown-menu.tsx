import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Radix menu: arrow keys move, Enter picks, Esc closes and gives focus back to the trigger.
/**
 * Not modal by default: a modal menu hides the rest of the page with aria-hidden while its
 * trigger (focusable) sits in that hidden part, which axe reports; focus still moves into the
 * menu and returns to the trigger on close.
 */
export const DropdownMenu = ({ modal = false, ...props }: ComponentProps<typeof MenuPrimitive.Root>) => <MenuPrimitive.Root modal={modal} {...props} />;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({ className, sideOffset = 4, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn('z-50 min-w-[10rem] overflow-hidden rounded-md border bg-card p-1 text-card-foreground shadow-lg', className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export const DropdownMenuItem = ({ className, variant, ...props }: ComponentProps<typeof MenuPrimitive.Item> & { variant?: 'destructive' }) => (
  <MenuPrimitive.Item
    className={cn(
      'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:shrink-0',
      variant === 'destructive' && 'text-destructive data-[highlighted]:bg-destructive/10',
      className,
    )}
    {...props}
  />
);

export const DropdownMenuLabel = ({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) => (
  <MenuPrimitive.Label className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...props} />
);

export const DropdownMenuSeparator = ({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) => (
  <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
);
