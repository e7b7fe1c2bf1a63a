/* Examples for memory-and-input.yaml. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int examples(int argc, char **argv, const char *name) {
  char buf[64];
  char path[L_tmpnam];
  FILE *f = stdout;
  // ruleid: semgrep.c.gets
  gets(buf);
  // ok: semgrep.c.gets
  fgets(buf, sizeof buf, stdin);

  // ruleid: semgrep.c.unbounded-string-copy
  strcpy(buf, argv[1]);
  // ruleid: semgrep.c.unbounded-string-copy
  strcat(buf, name);
  // ok: semgrep.c.unbounded-string-copy
  strcpy(buf, "default");
  // ok: semgrep.c.unbounded-string-copy
  strncpy(buf, argv[1], sizeof buf - 1);

  // ruleid: semgrep.c.sprintf-unbounded
  sprintf(buf, "%s/%s", argv[1], name);
  // ok: semgrep.c.sprintf-unbounded
  sprintf(buf, "%d:%02x", argc, argc);
  // ok: semgrep.c.sprintf-unbounded
  snprintf(buf, sizeof buf, "%s/%s", argv[1], name);

  // ruleid: semgrep.c.format-string-not-constant
  printf(argv[1]);
  // ruleid: semgrep.c.format-string-not-constant
  fprintf(f, name);
  // ok: semgrep.c.format-string-not-constant
  printf("%s", argv[1]);
  // ok: semgrep.c.format-string-not-constant
  fprintf(f, "done\n");

  // ruleid: semgrep.c.system-dynamic
  system(argv[1]);
  // ok: semgrep.c.system-dynamic
  system("clear");

  // ruleid: semgrep.c.scanf-unbounded-string
  scanf("%s", buf);
  // ruleid: semgrep.c.scanf-unbounded-string
  sscanf(argv[1], "%d %[^\n]", &argc, buf);
  // ok: semgrep.c.scanf-unbounded-string
  scanf("%63s", buf);
  // ok: semgrep.c.scanf-unbounded-string
  scanf("%d", &argc);

  // ruleid: semgrep.c.insecure-temp-name
  tmpnam(path);
  // ok: semgrep.c.insecure-temp-name
  int fd = mkstemp(path);
  return fd;
}
