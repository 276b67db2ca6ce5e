/* Shared by the tools that label positions with a UCI engine (eval_tune label, nnue_train
 * label): start the engine program with a pipe each way and wait until it is ready. */
#ifndef CHC_TOOLS_ENGINE_PIPE_H
#define CHC_TOOLS_ENGINE_PIPE_H
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* Starts `engine` (a path), sends uci, Threads 1, Hash hash_mb and isready, and reads up to its
 * readyok. *to_engine and *from_engine get the two streams, *child the process (to waitpid
 * after closing them). Returns 0, or -1 with a message in *why (pipe, fork, fdopen, or the
 * engine ended before readyok). */
static int engine_pipe_start(const char *engine, int hash_mb, FILE **to_engine, FILE **from_engine,
                             pid_t *child, const char **why)
{
    int to_eng[2], from_eng[2];
    if (pipe(to_eng) || pipe(from_eng)) return *why = "pipe failed", -1;
    pid_t pid = fork();
    if (pid < 0) return *why = "fork failed", -1;
    if (pid == 0) {
        dup2(to_eng[0], 0);
        dup2(from_eng[1], 1);
        close(to_eng[1]);
        close(from_eng[0]);
        execl(engine, engine, (char *)NULL);
        _exit(127);
    }
    close(to_eng[0]);
    close(from_eng[1]);
    FILE *out = fdopen(to_eng[1], "w"), *in = fdopen(from_eng[0], "r");
    if (!out || !in) return *why = "fdopen failed", -1;
    fprintf(out, "uci\nsetoption name Threads value 1\nsetoption name Hash value %d\nisready\n", hash_mb);
    fflush(out);
    char buf[4096];
    int ready = 0;
    while (!ready && fgets(buf, sizeof buf, in)) ready = !strncmp(buf, "readyok", 7);
    if (!ready) return *why = "the engine ended before readyok (is it installed?)", -1;
    *child = pid;
    *to_engine = out;
    *from_engine = in;
    return 0;
}
#endif
