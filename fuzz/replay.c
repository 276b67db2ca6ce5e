/* Replays a fuzz corpus without libFuzzer: calls LLVMFuzzerTestOneInput on every file of the
 * directories (or files) given. A target signals a failed property by abort(), which fails
 * the test; sanitizers report memory errors the same way. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); buf = NULL; }
            else buf = nb;
        }
    }
    fclose(f);
    if (!buf) return 1;
    /* Give the target an exact-size heap copy so ASan sees reads past the end. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) { free(buf); return 1; }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    long files = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no corpus at %s\n", argv[i]);
            return 1;
        }
        if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            while (d && (e = readdir(d)) != NULL) {
                if (e->d_name[0] == '.') continue;
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                bad |= replay_file(path);
                files++;
            }
            if (d) closedir(d);
        } else {
            bad |= replay_file(argv[i]);
            files++;
        }
    }
    printf("replayed %ld inputs\n", files);
    if (files == 0) {
        fprintf(stderr, "replay: empty corpus\n");
        return 1;
    }
    return bad;
}
