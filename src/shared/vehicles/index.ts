export * from './catalog.js';
export * from './plates.js';
export * from './sample.js';
export * from './texts.js';
export * from './themes.js';
export * from './vehicles.contract.js';
