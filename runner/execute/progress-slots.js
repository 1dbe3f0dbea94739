// What a batch's progress slot holds (SharedArrayBuffer, written by worker-batch.js, read by pool.js):
// 0 before its first file, i + 1 while its file i is checked, SETTLING while the timers its
// validators left behind run, REPLIED once its results are posted.
export const SETTLING = -1;
export const REPLIED = -2;
