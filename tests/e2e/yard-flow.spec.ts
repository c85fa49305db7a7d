import { expect, test, type Locator, type Page } from '@playwright/test';
import { createOrderThroughApi, ensureAdmin, login, pressInDialog, shot } from './support';
import {
  createPurchase,
  dataOf,
  DOCX,
  dropFiles,
  dropInto,
  exteriorPhoto,
  filterRegistryVin,
  formItem,
  PDF,
  registryRow,
  registryRows,
  rowOf,
  saveSeeing,
  scan,
  scannedPage,
  searchPickups,
  shown,
  yardApi,
  type DroppedFile,
} from './yard-support';
import {
  downloadContractZip,
  filedCard,
  filesUnder,
  filingWords,
  recordFolders,
  searchFiled,
  transferPane,
} from './filing-support';

/**
 * A contract's whole story in the browser, from its signature to the downloaded zip (issues 10 and 11):
 * one overseas contract bought through two purchase contracts, a new car and a used car, handed over to
 * the yard. The yard clerk checks both in with photos dragged from the desktop and hands them to the
 * registry; the registry clerk plates the new car over two visits (4/8, then 8/8), transfers the used car
 * (5/5) and hands the overseas contract's both purchase contracts to release and export at once; the yard
 * clerk lets both out together (one pass per purchase contract, the slip dropped once) and finds them by
 * their release date. Then (the second test, same contract) the customs clerk declares both for export from
 * the contract's group of the release list with the four required documents and hands the contract to
 * filing from the release list (移交成功!); the filing clerk records the tax refund,
 * the deregistration with its certificate and the freight with its invoice and payment slip from the
 * contract's card, sees it 已完成 and downloads the zip: a folder per vehicle (入库, 上牌 or 过户), one per
 * record (two 出库, 出口, 注销, 运费; none for 退税) and the 清单 listing every file. Only the contracts
 * are set up through the API. The two tests run in order and share the contract.
 */

const serial = String(Date.now()).slice(-8);
/** 17 characters, no I, O or Q; the serial finds this spec's vehicles among other specs' leftovers. */
const newCar = `LSVYN${serial}0001`;
const usedCar = `LSVYU${serial}0001`;
const orderNo = `E2E-YF-${serial}`;
const newNo = `CG-YFN-${serial}`;
const usedNo = `CG-YFU-${serial}`;

/** The cell of `row` under the list's column headed `title`. */
async function cellOf(page: Page, row: Locator, title: string): Promise<Locator> {
  const headers = await page.locator('.paged-table thead th').filter({ visible: true }).allInnerTexts();
  const at = headers.findIndex((text) => text.trim() === title);
  expect(at, `column ${title} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(at);
}

/** Today and yesterday where the clerks are (the browser runs in Asia/Shanghai). */
const dayInShanghai = (offsetDays = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/** The pickup list's 出库时间 range, as the clerk picks it: the start day, the end day, 搜索. */
async function releasedBetween(page: Page, from: string, to: string) {
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  const range = formItem(filters, '出库时间');
  await range.getByPlaceholder('开始日期').click();
  await range.getByPlaceholder('开始日期').fill(from);
  await range.getByPlaceholder('开始日期').press('Enter');
  await range.getByPlaceholder('结束日期').fill(to);
  await range.getByPlaceholder('结束日期').press('Enter');
  await expect(range.getByPlaceholder('开始日期')).toHaveValue(from);
  await expect(range.getByPlaceholder('结束日期')).toHaveValue(to);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page);
});

test.describe.configure({ mode: 'serial' });

test('a new car and a used car of one overseas contract: checked in, plated and transferred, released together on a pass each', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);

  // The contracts, as the sales and purchasing clerks leave them: one overseas contract, bought through a
  // new-car and a used-car purchase contract, both handed over to the yard (移交入库 for the overseas contract).
  const api = await yardApi(request);
  await createOrderThroughApi(request, {
    orderNo,
    customerName: `阿拉木图车行${serial}`,
    vins: [newCar, usedCar],
  });
  const [order] = await dataOf<Array<{ id: number; order_no: string }>>(
    await request.get(`/api/order/search?order_no=${orderNo}`, { headers: api.headers }),
  );
  expect(order?.order_no).toBe(orderNo);
  const seller = `杭州车行${serial}`;
  const newId = await createPurchase(api, {
    type: 1,
    purchaseNo: newNo,
    vins: [newCar],
    seller,
    orderId: order!.id,
    model: () => '比亚迪 汉 EV',
  });
  const usedId = await createPurchase(api, {
    type: 2,
    purchaseNo: usedNo,
    vins: [usedCar],
    seller,
    orderId: order!.id,
  });
  await api.send('put', `/api/purchase/${newId}/batchHandOver`);

  // 1. Check-in: the new car from 车辆入库 with the VIN search box, the used car from its row's 入库.
  await page.goto('/pickup/list');
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) {
    await expect(rowOf(page, car)).toContainText('待出库');
    await expect(rowOf(page, car)).toContainText('未入库');
  }
  await page.getByRole('button', { name: /车辆入库/ }).click();
  await expect(page).toHaveURL(/\/pickup\/add$/);
  const vinBox = formItem(page, '车架号').getByRole('combobox');
  await vinBox.fill(newCar.slice(-9));
  // The suggestion shows the typed text highlighted; antd's list item is what the clerk clicks.
  const suggestion = page.locator(`.ant-select-item-option[title="${newCar}"]`);
  await expect(suggestion.locator('mark')).toHaveText(newCar.slice(-9));
  await suggestion.click();
  await expect(vinBox).toHaveValue(newCar);
  await formItem(page, '代理人').getByRole('textbox').fill('王代理');
  await dropInto(page, page, '外观照片', exteriorPhoto);
  await dropInto(page, page, '车架号照片', { ...scannedPage, name: '车架号.jpg' });
  await dropFiles(page, formItem(page, '其他照片'), [
    { ...exteriorPhoto, name: '左前.png' },
    { ...scannedPage, name: '铭牌.jpg' },
  ]);
  await expect(formItem(page, '其他照片').getByRole('button', { name: /^删除 / })).toHaveCount(2);
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await searchPickups(page, serial);
  await rowOf(page, usedCar)
    .getByRole('button', { name: `入库 ${usedCar}`, exact: true })
    .click();
  await expect(formItem(page, '车架号').getByRole('combobox')).toHaveValue(usedCar);
  await formItem(page, '代理人').getByRole('textbox').fill('李代理');
  await dropInto(page, page, '外观照片', exteriorPhoto);
  await dropInto(page, page, '车架号照片', { ...scannedPage, name: '车架号.jpg' });
  await dropInto(page, page, '其他照片', { ...exteriorPhoto, name: '右后.png' });
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/pickup\/list$/);

  await searchPickups(page, serial);
  for (const [car, agent] of [
    [newCar, '王代理'],
    [usedCar, '李代理'],
  ] as const) {
    await expect(await cellOf(page, rowOf(page, car), '代理人')).toHaveText(agent);
    await expect(await cellOf(page, rowOf(page, car), '状态')).toContainText('待出库');
    await expect(await cellOf(page, rowOf(page, car), '入库时间')).toContainText(dayInShanghai());
  }

  // 2. 移交车管 for both: the confirmation names both purchase contracts; everything moves.
  for (const car of [newCar, usedCar]) await rowOf(page, car).getByRole('checkbox').check();
  await page.getByRole('button', { name: /移交车管/ }).click();
  await expect(page.getByLabel('移交的采购合同')).toContainText(newNo);
  await expect(page.getByLabel('移交的采购合同')).toContainText(usedNo);
  await pressInDialog(page, '是否确定将以下 2 份采购合同');
  await expect(page.getByText('移交成功!')).toBeVisible();
  for (const car of [newCar, usedCar]) await expect(rowOf(page, car)).toContainText('在车管');

  // 3. The registry, 待上牌: the new car plated with four documents, then the other four on a second visit.
  await page.goto('/dmv/list');
  await expect(page.getByRole('tab', { name: '待上牌' })).toHaveAttribute('aria-selected', 'true');
  await filterRegistryVin(page, newCar);
  await expect(registryRows(page)).toHaveCount(1);
  await registryRow(page, newCar)
    .getByRole('button', { name: `新增上牌 ${newCar}` })
    .click();
  // The link carries the vehicle's overseas contract, purchase contract and id.
  await expect(page).toHaveURL(new RegExp(`/dmv/lincense_add/${order!.id}/${newId}/\\d+$`));
  const form = shown(page, '.registry-form-page');
  const progress = shown(page, '.page').getByLabel('资料上传进度');
  await expect(form.getByRole('combobox', { name: '车架号' })).toHaveValue(newCar);
  await dropInto(page, form, '行驶证', { ...scannedPage, name: '行驶证.jpg' });
  await dropInto(page, form, '登记证书', scan('deregistration-certificate.pdf', '登记证书.pdf', PDF));
  await dropInto(page, form, '临时牌照', { ...exteriorPhoto, name: '临时牌照.png' });
  await dropInto(page, form, '新车发票', scan('deregistration-certificate.docx', '新车发票.docx', DOCX));
  await expect(progress).toContainText('已上传 4/8');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/dmv\/list/);
  await filterRegistryVin(page, newCar);
  await expect(registryRow(page, newCar).getByLabel('上牌资料')).toHaveText('4/8');

  await registryRow(page, newCar)
    .getByRole('button', { name: `编辑上牌 ${newCar}` })
    .click();
  await expect(page).toHaveURL(/\/dmv\/lincense_edit\/\d+$/);
  await expect(progress).toContainText('已上传 4/8');
  await dropInto(page, form, '合格证', { ...scannedPage, name: '合格证.jpg' });
  await dropInto(page, form, '一致性证书', scan('deregistration-certificate.pdf', '一致性证书.pdf', PDF));
  await dropInto(page, form, '环保清单', { ...exteriorPhoto, name: '环保清单.png' });
  await dropInto(page, form, '保险单', scan('deregistration-certificate.pdf', '保险单.pdf', PDF));
  await expect(progress).toContainText('已上传 8/8');
  await saveSeeing(page, '编辑成功');
  await filterRegistryVin(page, newCar);
  await expect(registryRow(page, newCar).getByLabel('上牌资料')).toHaveText('8/8');

  // 4. 待过户: the used car transferred with its five documents.
  await page.getByRole('tab', { name: '待过户' }).click();
  await filterRegistryVin(page, usedCar);
  await expect(registryRows(page)).toHaveCount(1);
  await registryRow(page, usedCar)
    .getByRole('button', { name: `新增过户 ${usedCar}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dmv/transfer_add/${order!.id}/${usedId}/\\d+$`));
  await expect(form.getByRole('combobox', { name: '车架号' })).toHaveValue(usedCar);
  await dropInto(page, form, '登记证书', scan('deregistration-certificate.pdf', '登记证书.pdf', PDF));
  await dropInto(page, form, '临时牌照', { ...exteriorPhoto, name: '临时牌照.png' });
  await dropInto(page, form, '二手车发票', { ...scannedPage, name: '二手车发票.jpg' });
  await dropInto(page, form, '增值税发票', scan('deregistration-certificate.pdf', '增值税发票.pdf', PDF));
  await dropInto(page, form, '行驶证', { ...scannedPage, name: '行驶证.jpg' });
  await expect(progress).toContainText('已上传 5/5');
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/dmv\/list/);
  await page.getByRole('tab', { name: '待过户' }).click();
  await filterRegistryVin(page, usedCar);
  await expect(registryRow(page, usedCar).getByLabel('过户资料')).toHaveText('5/5');

  // 5. 按海外合同移交: both purchase contracts of the overseas contract, the used car's and the new car's,
  // from one row at once (issue 24 point 2).
  await registryRow(page, usedCar)
    .getByRole('button', { name: `按海外合同移交 ${orderNo}` })
    .click();
  await expect(page.getByLabel('移交的海外合同')).toContainText(orderNo);
  await pressInDialog(page, '按海外合同移交');
  await expect(page.getByText('移交成功!')).toBeVisible();
  // Handed on: neither tab lists them any more.
  await filterRegistryVin(page, usedCar);
  await expect(registryRows(page)).toHaveCount(0);
  await page.getByRole('tab', { name: '待上牌' }).click();
  await filterRegistryVin(page, newCar);
  await expect(registryRows(page)).toHaveCount(0);

  // 6. Release: both chosen on the pickup list leave together; the form says it makes a pass per purchase
  // contract, the slip and the photo dropped once.
  await page.goto('/pickup/list');
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) await rowOf(page, car).getByRole('checkbox').check();
  await page.getByRole('button', { name: /车辆放行/ }).click();
  await expect(page).toHaveURL(/\/release\/letpass_add\?car=\d+,\d+$/);
  const chosen = page.locator('.ant-transfer-section', { has: page.getByText('本次放行车辆', { exact: true }) });
  await expect(chosen.getByText(newCar)).toBeVisible();
  await expect(chosen.getByText(usedCar)).toBeVisible();
  await expect(page.locator('.release-pass-count')).toContainText('将按采购合同生成 2 张放行条');
  await dropInto(page, page, '放行条', { ...scannedPage, name: '放行条.jpg' });
  await dropInto(page, page, '离场照片', { ...exteriorPhoto, name: '离场.png' });
  await saveSeeing(page, '新建成功，已生成 2 张放行条');
  await expect(page).toHaveURL(/\/pickup\/list$/);
  await expect(page.getByText('一张放行条只能放行同一采购合同的车辆')).toHaveCount(0);

  // 7. Both 已出库 with today's release time, and the 出库时间 filter finds them (and not on another day).
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) {
    await expect(await cellOf(page, rowOf(page, car), '状态')).toContainText('已出库');
    await expect(await cellOf(page, rowOf(page, car), '出库时间')).toContainText(dayInShanghai());
  }
  await releasedBetween(page, dayInShanghai(-1), dayInShanghai(-1));
  await expect(rowOf(page, newCar)).toHaveCount(0);
  await expect(rowOf(page, usedCar)).toHaveCount(0);
  await page
    .getByRole('search', { name: '入库出库筛选' })
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await releasedBetween(page, dayInShanghai(), dayInShanghai());
  await searchPickups(page, serial);
  for (const car of [newCar, usedCar]) await expect(rowOf(page, car)).toContainText('已出库');
});

test('the same contract declared for export, handed to filing, refunded, deregistered and freighted, then downloaded as one zip', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const both = [newCar, usedCar];

  // 8. 新增出口 on the contract's group of the release list: the declaration opens with the contract and
  // both its vehicles chosen; the four documents.
  await page.goto('/release/list');
  const releaseList = shown(page, '.release-list-page');
  await releaseList.getByLabel('海外合同号').fill(orderNo);
  await releaseList.getByRole('button', { name: /搜\s*索/ }).click();
  await releaseList.getByRole('button', { name: `新增出口 ${orderNo}` }).click();
  await expect(page).toHaveURL(/\/release\/letout_add\?order_id=\d+$/);
  const declaration = shown(page, '.exports-form-page');
  await expect(declaration.getByText(`客户：阿拉木图车行${serial}`)).toBeVisible();
  await expect(transferPane(page, '已选择').locator('.vehicle-transfer-vin')).toHaveText(both);
  await shot(page, '85-exports-form-from-release-group');
  await declaration.getByLabel('报关单号').fill(`3101${serial}`);
  await declaration.getByLabel('出口日期').fill(dayInShanghai());
  await declaration.getByLabel('出口日期').press('Enter');
  await declaration.getByLabel('出口金额').fill('20000');
  await dropInto(page, declaration, '许可证', scan('deregistration-certificate.pdf', '许可证.pdf', PDF));
  await dropInto(page, declaration, '报关资料', scan('deregistration-certificate.docx', '报关资料.docx', DOCX));
  await dropInto(page, declaration, '报关单', { ...scannedPage, name: '报关单.jpg' });
  await dropInto(page, declaration, '提单', scan('deregistration-certificate.pdf', '提单.pdf', PDF));
  await expect(declaration.getByText('已上传 4/6')).toBeVisible();
  await saveSeeing(page, '新建成功');
  await expect(page).toHaveURL(/\/release\/list$/);

  // 9. 出口放行: the contract's group, both declared and released; 移交归档 hands both purchase contracts on.
  await releaseList.getByLabel('海外合同号').fill(orderNo);
  await releaseList.getByRole('button', { name: /搜\s*索/ }).click();
  const group = releaseList.getByLabel(`${orderNo} 的车辆`);
  for (const car of both) await expect(group.locator('tr', { hasText: car })).toContainText('已出口/已放行');
  await releaseList.getByRole('button', { name: `移交归档 ${orderNo}` }).click();
  const confirm = page
    .locator('.ant-modal')
    .filter({ hasText: '是否确定要将该采购合同下所有符合条件的车辆移交归档流程?' });
  await expect(confirm.getByLabel('移交的采购合同')).toContainText(newNo);
  await expect(confirm.getByLabel('移交的采购合同')).toContainText(usedNo);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('移交成功!')).toBeVisible();
  await expect(group).toHaveCount(0);

  // 10. 归档: the card with nothing done, then 退税, 注销 (certificate) and 运费 (invoice, payment slip) from it.
  await page.goto('/filed/list');
  await searchFiled(page, orderNo);
  const card = filedCard(page, orderNo);
  await expect(card).toContainText(`阿拉木图车行${serial}`);
  await expect(card.getByRole('button', { name: `海外合同 ${orderNo} 下载` })).toHaveCount(0);
  for (const car of both)
    await expect(filingWords(page, orderNo, car)).toHaveAttribute('aria-label', '退税未完成，运费未完成，注销未完成');
  const filingForm = shown(page, '.filing-form-page');
  const record = async (button: string, path: string, waiting: string, files: Array<[string, DroppedFile]>) => {
    await card.getByRole('button', { name: `海外合同 ${orderNo} ${button}` }).click();
    await expect(page).toHaveURL(new RegExp(`/filed/${path}/\\d+$`));
    await expect(filingForm.locator('.filed-contract-head')).toContainText(orderNo);
    // The card's vehicles waiting for the record come chosen (issue 24 point 2).
    await expect(transferPane(page, waiting).locator('.vehicle-transfer-vin')).toHaveCount(0);
    await expect(transferPane(page, '已选择').locator('.vehicle-transfer-vin')).toHaveText(both);
    await shot(page, `86-filing-${path}-from-filed-card`);
    for (const [label, file] of files) await dropInto(page, filingForm, label, file);
    await saveSeeing(page, '新建成功');
    await expect(page).toHaveURL(/\/filed\/list$/);
    await searchFiled(page, orderNo);
  };
  await record('退税', 'tax_add', '待退税车辆', []);
  await record('注销', 'freeze_add', '待注销车辆', [
    ['注销证明', scan('deregistration-certificate.pdf', '注销证明.pdf', PDF)],
  ]);
  await record('运费', 'freight_add', '待录入运费车辆', [
    ['运费发票', { ...scannedPage, name: '运费发票.jpg' }],
    ['运费付款单', scan('deregistration-certificate.pdf', '运费付款单.pdf', PDF)],
  ]);
  for (const car of both)
    await expect(filingWords(page, orderNo, car)).toHaveAttribute('aria-label', '退税已完成，运费已完成，注销已完成');
  await expect(card).toContainText('已完成');

  // 11. 下载: the zip holds every step's files, per vehicle and per record, and the 清单 lists them.
  const { names, manifest } = await downloadContractZip(page, orderNo);
  expect(names[0]).toBe('清单.xlsx');
  expect(filesUnder(names, '海外合同/')).toEqual(['合同-1.pdf']);
  // Each vehicle's own records: its check-in photos, then its plating (the new car) or transfer (the used car).
  // The check-in's two other photos were dropped together: the slot keeps them in the order their uploads
  // finished (on a busy machine either), and the zip numbers them in the slot's order.
  const newCarFiles = filesUnder(names, `${newCar}/`);
  expect(newCarFiles.slice(2, 4).map((name) => name.replace(/\.(png|jpg)$/, ''))).toEqual([
    '入库/其他照片-1',
    '入库/其他照片-2',
  ]);
  expect(newCarFiles.toSpliced(2, 2)).toEqual([
    '入库/车架号照片.jpg',
    '入库/外观照片.png',
    '上牌/行驶证.jpg',
    '上牌/登记证书.pdf',
    '上牌/临时牌照.png',
    '上牌/新车发票.docx',
    '上牌/合格证.jpg',
    '上牌/一致性证书.pdf',
    '上牌/环保清单.png',
    '上牌/保险单.pdf',
  ]);
  expect(filesUnder(names, `${usedCar}/`)).toEqual([
    '入库/车架号照片.jpg',
    '入库/外观照片.png',
    '入库/其他照片-1.png',
    '过户/登记证书.pdf',
    '过户/临时牌照.png',
    '过户/二手车发票.jpg',
    '过户/增值税发票.pdf',
    '过户/行驶证.jpg',
  ]);
  // The records covering vehicles, one folder each: two passes (one a car), one declaration, one
  // deregistration, one freight; the refund has no files and no folder.
  const manifestRow = (path: string) => manifest.find((row) => row['压缩包内路径'] === path);
  const passes = recordFolders(names, '出库');
  expect(passes).toHaveLength(2);
  for (const pass of passes) expect(filesUnder(names, `${pass}/`)).toEqual(['放行条.jpg', '离场照片.png']);
  expect(passes.map((pass) => manifestRow(`${pass}/放行条.jpg`)?.['车架号']).sort()).toEqual([newCar, usedCar]);
  const [declared, ...otherDeclarations] = recordFolders(names, '出口');
  expect(otherDeclarations).toEqual([]);
  expect(filesUnder(names, `${declared}/`)).toEqual(['许可证.pdf', '报关资料.docx', '报关单.jpg', '提单.pdf']);
  expect(manifestRow(`${declared}/报关单.jpg`)).toMatchObject({
    环节: '出口',
    资料: '报关单',
    车架号: `${newCar}、${usedCar}`,
    上传文件名: '报关单.jpg',
    状态: '已打包',
  });
  const [deregistered] = recordFolders(names, '注销');
  expect(recordFolders(names, '注销')).toHaveLength(1);
  expect(filesUnder(names, `${deregistered}/`)).toEqual(['注销证明.pdf']);
  const [freighted] = recordFolders(names, '运费');
  expect(recordFolders(names, '运费')).toHaveLength(1);
  expect(filesUnder(names, `${freighted}/`)).toEqual(['运费发票.jpg', '运费付款单.pdf']);
  expect(recordFolders(names, '退税')).toEqual([]);
  expect(names).toHaveLength(1 + 1 + 12 + 8 + 2 * 2 + 4 + 1 + 2);
  // The 清单 lists every packed file, in the zip's order.
  expect(manifest.map((row) => row['压缩包内路径'])).toEqual(names.slice(1));
  expect(manifest.every((row) => row['状态'] === '已打包')).toBe(true);
});
