/** The example's Next.js config: strict React, no dev overlay badge; everything else is Next's default. */
export default {
  reactStrictMode: true,
  devIndicators: false,
}
