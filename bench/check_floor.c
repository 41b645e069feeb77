/* The floor of `logoc check` (issue 21, docs/performance.md): what reading
 * a project costs before any checking. Finds every `*.yaml`/`*.yml` file
 * below each folder named (hidden names skipped, as logoc's discovery
 * does; partials `_*.yaml` included, as `check` reads them for `extends`),
 * sorted byte-wise, reads each whole and runs libyaml's event parser over it
 * until STREAM_END. Prints one number, the events parsed; exits 1 if a file
 * cannot be read or parsed.
 *
 *     cc -O2 -o check_floor bench/check_floor.c -lyaml
 *     check_floor DIR…
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

struct list {
    char **paths;
    size_t count, capacity;
};

static void add(struct list *list, char *path) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 1024;
        list->paths = realloc(list->paths, list->capacity * sizeof *list->paths);
        if (!list->paths) { perror("check_floor"); exit(1); }
    }
    list->paths[list->count++] = path;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

static void walk(const char *folder, struct list *list) {
    DIR *dir = opendir(folder);
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        if (entry->d_name[0] == '.') continue; /* hidden, `.` and `..` */
        char *path;
        if (asprintf(&path, "%s/%s", folder, entry->d_name) < 0) { perror("check_floor"); exit(1); }
        int is_dir = entry->d_type == DT_DIR, is_file = entry->d_type == DT_REG;
        if (entry->d_type == DT_UNKNOWN || entry->d_type == DT_LNK) {
            struct stat info;
            if (stat(path, &info) == 0) { is_dir = S_ISDIR(info.st_mode); is_file = S_ISREG(info.st_mode); }
        }
        if (is_dir) {
            walk(path, list);
            free(path);
        } else if (is_file && (ends_with(entry->d_name, ".yaml") || ends_with(entry->d_name, ".yml"))) {
            add(list, path);
        } else {
            free(path);
        }
    }
    closedir(dir);
}

static int bytewise(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The whole file, as logoc reads a spec before parsing it. */
static unsigned char *read_all(const char *path, size_t *length) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat info;
    if (fstat(fd, &info) != 0) { close(fd); return NULL; }
    size_t capacity = (size_t)info.st_size + 1, used = 0;
    unsigned char *bytes = malloc(capacity);
    for (ssize_t n; bytes && (n = read(fd, bytes + used, capacity - used)) > 0;) {
        used += (size_t)n;
        if (used == capacity && !(bytes = realloc(bytes, capacity *= 2))) break;
    }
    close(fd);
    *length = used;
    return bytes;
}

int main(int argc, char **argv) {
    struct list list = {0};
    for (int i = 1; i < argc; i++) walk(argv[i], &list);
    qsort(list.paths, list.count, sizeof *list.paths, bytewise);
    unsigned long long events = 0;
    for (size_t i = 0; i < list.count; i++) {
        size_t length;
        unsigned char *bytes = read_all(list.paths[i], &length);
        if (!bytes) { fprintf(stderr, "check_floor: cannot read %s\n", list.paths[i]); return 1; }
        yaml_parser_t parser;
        if (!yaml_parser_initialize(&parser)) { fprintf(stderr, "check_floor: out of memory\n"); return 1; }
        yaml_parser_set_input_string(&parser, bytes, length);
        for (int done = 0; !done;) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser, &event)) {
                fprintf(stderr, "check_floor: %s: %s\n", list.paths[i], parser.problem ? parser.problem : "parse error");
                return 1;
            }
            done = event.type == YAML_STREAM_END_EVENT;
            events++;
            yaml_event_delete(&event);
        }
        yaml_parser_delete(&parser);
        free(bytes);
        free(list.paths[i]);
    }
    free(list.paths);
    printf("%llu\n", events);
    return 0;
}
