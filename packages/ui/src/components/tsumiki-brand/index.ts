export { TsumikiBrand, type TsumikiBrandProps, TsumikiMark, type TsumikiMarkProps } from './tsumiki-brand';
