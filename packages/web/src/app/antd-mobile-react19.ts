import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 mounts Toast, Dialog and Popup imperatively with React 18's legacy render, which
 * React 19 removed (`unmountComponentAtNode is not a function`). Give it React 19's createRoot;
 * call once at start-up (DESIGN.md "Known traps").
 */
export function installAntdMobileReact19Render(): void {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Let the closing animation's last frame commit before the root goes away.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
