/**
 * The business information page of one vehicle (/filed/info/:order_id, spec part 2, section 2): the
 * vehicle is `?car=<id>`, the contract's first vehicle without it. Its own module, so a list linking to
 * it does not load the page.
 */
export const businessInfoPath = (orderId: number, carId?: number): string =>
  carId === undefined ? `/filed/info/${orderId}` : `/filed/info/${orderId}?car=${carId}`;
