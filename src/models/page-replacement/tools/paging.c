/*
 * The plain C loop the page-replacement bench compares LRU and CLOCK with (scripts/bench/
 * native.ts compiles it with the system `cc -O2` into a temporary directory at bench time).
 *
 *   paging <refs.bin> <frames> <runs>
 *
 * refs.bin: the dense reference string (page ids 0 … P−1) as little-endian int32, written by
 * the JS bench from the same generator and seed. The same data structures as the JS policies
 * (src/models/page-replacement/policies/): LRU a doubly linked recency list in one int32
 * array (prev, next side by side), CLOCK a byte of state per page and a ring of frames. Prints
 * one line per policy: `<policy> <misses> <best ms of runs>`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define OUT (-2)

static long lru(const int32_t *refs, long n, int32_t distinct, int32_t frames) {
  int32_t *link = malloc(sizeof(int32_t) * 2 * (size_t)distinct);
  for (long k = 0; k < 2L * distinct; k++) link[k] = OUT;
  int32_t head = -1, tail = -1, used = 0;
  long misses = 0;
  for (long i = 0; i < n; i++) {
    int32_t p = refs[i];
    int32_t pp = link[2 * p];
    if (pp != OUT) {
      if (p != head) {
        int32_t np = link[2 * p + 1];
        link[2 * pp + 1] = np;
        if (np >= 0) link[2 * np] = pp;
        else tail = pp;
        link[2 * p] = -1;
        link[2 * p + 1] = head;
        link[2 * head] = p;
        head = p;
      }
      continue;
    }
    misses++;
    if (used < frames) used++;
    else {
      int32_t victim = tail;
      int32_t t = link[2 * victim];
      link[2 * victim] = OUT;
      if (t >= 0) link[2 * t + 1] = -1;
      else head = -1;
      tail = t;
    }
    link[2 * p] = -1;
    link[2 * p + 1] = head;
    if (head >= 0) link[2 * head] = p;
    else tail = p;
    head = p;
  }
  free(link);
  return misses;
}

static int32_t distinct_of(const int32_t *refs, long n) {
  int32_t max = -1;
  for (long i = 0; i < n; i++)
    if (refs[i] > max) max = refs[i];
  return max + 1;
}

enum { S_OUT = 0, S_IN = 1, S_REF = 2 };

static long clock_policy(const int32_t *refs, long n, int32_t distinct, int32_t frames) {
  uint8_t *state = calloc((size_t)distinct, 1);
  int32_t *slot = calloc((size_t)frames, sizeof(int32_t));
  int32_t hand = 0, used = 0;
  long misses = 0;
  for (long i = 0; i < n; i++) {
    int32_t p = refs[i];
    if (state[p] != S_OUT) {
      state[p] = S_REF;
      continue;
    }
    misses++;
    if (used < frames) used++;
    else {
      while (state[slot[hand]] == S_REF) {
        state[slot[hand]] = S_IN;
        hand = hand + 1 == frames ? 0 : hand + 1;
      }
      state[slot[hand]] = S_OUT;
    }
    slot[hand] = p;
    state[p] = S_REF;
    hand = hand + 1 == frames ? 0 : hand + 1;
  }
  free(state);
  free(slot);
  return misses;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: paging <refs.bin> <frames> <runs>\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long bytes = ftell(f);
  fseek(f, 0, SEEK_SET);
  long n = bytes / 4;
  int32_t *refs = malloc((size_t)bytes);
  if (!refs || fread(refs, 4, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "could not read %s\n", argv[1]);
    return 2;
  }
  fclose(f);
  int32_t frames = atoi(argv[2]);
  int runs = atoi(argv[3]);
  if (frames < 1 || runs < 1) {
    fprintf(stderr, "frames and runs must be ≥ 1\n");
    return 2;
  }
  for (long i = 0; i < n; i++)
    if (refs[i] < 0) {
      fprintf(stderr, "negative page id at %ld\n", i);
      return 2;
    }
  const char *names[2] = {"LRU", "CLOCK"};
  for (int k = 0; k < 2; k++) {
    double best = 1e300;
    long misses = 0;
    for (int r = 0; r < runs; r++) {
      double t0 = now_ms();
      /* Timed like the JS entry (simulatePolicy): the pass finding the largest page id too. */
      int32_t distinct = distinct_of(refs, n);
      misses = k == 0 ? lru(refs, n, distinct, frames) : clock_policy(refs, n, distinct, frames);
      double ms = now_ms() - t0;
      if (ms < best) best = ms;
    }
    printf("%s %ld %.3f\n", names[k], misses, best);
  }
  free(refs);
  return 0;
}
