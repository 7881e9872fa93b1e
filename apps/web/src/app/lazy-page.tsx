/** A lazy page behind the "Loading..." placeholder (router.tsx, app/app-routes.tsx). */
import type { ComponentType, JSX, LazyExoticComponent } from "react";
import { Suspense } from "react";
import { LoadingScreen } from "../ui/loading-screen.tsx";

export function page<P extends object>(Component: LazyExoticComponent<ComponentType<P>>, fullPage = true, props?: P) {
  return (
    <Suspense fallback={<LoadingScreen fullPage={fullPage} />}>
      <Component {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
}
