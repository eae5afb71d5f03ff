#ifndef TERMIND_CLIBSSH2_SHIM_H
#define TERMIND_CLIBSSH2_SHIM_H

#include <libssh2.h>
#include <libssh2_sftp.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* libssh2's function-like macros do not import into Swift; these wrappers stand in for the
   ones Termind calls. */

static inline LIBSSH2_SESSION *termind_ssh2_session_init(void *abstract) {
    return libssh2_session_init_ex(NULL, NULL, NULL, abstract);
}

static inline int termind_ssh2_session_disconnect(LIBSSH2_SESSION *session, const char *description) {
    return libssh2_session_disconnect_ex(session, SSH_DISCONNECT_BY_APPLICATION, description, "");
}

static inline LIBSSH2_CHANNEL *termind_ssh2_channel_open_session(LIBSSH2_SESSION *session) {
    return libssh2_channel_open_ex(session, "session", sizeof("session") - 1,
                                   LIBSSH2_CHANNEL_WINDOW_DEFAULT, LIBSSH2_CHANNEL_PACKET_DEFAULT,
                                   NULL, 0);
}

/* A session channel with its own receive window and largest packet: SFTP asks for a window of
   many MiB so that many large READs can be in flight at once. */
static inline LIBSSH2_CHANNEL *termind_ssh2_channel_open_session_window(LIBSSH2_SESSION *session,
                                                                        unsigned int window,
                                                                        unsigned int packet) {
    return libssh2_channel_open_ex(session, "session", sizeof("session") - 1, window, packet, NULL, 0);
}

/* A channel type no server offers: its open is answered (SSH_MSG_CHANNEL_OPEN_FAILURE), and
   waiting for that answer reads the transport, which libssh2 1.10 otherwise does only for a
   channel. The worker's keepalive while no channel is open. */
static inline LIBSSH2_CHANNEL *termind_ssh2_channel_open_probe(LIBSSH2_SESSION *session) {
    return libssh2_channel_open_ex(session, "keepalive@termind", sizeof("keepalive@termind") - 1,
                                   LIBSSH2_CHANNEL_WINDOW_DEFAULT, LIBSSH2_CHANNEL_PACKET_DEFAULT,
                                   NULL, 0);
}

static inline LIBSSH2_CHANNEL *termind_ssh2_channel_direct_tcpip(LIBSSH2_SESSION *session,
                                                                 const char *host, int port) {
    return libssh2_channel_direct_tcpip_ex(session, host, port, "127.0.0.1", 22);
}

static inline int termind_ssh2_channel_exec(LIBSSH2_CHANNEL *channel, const char *command) {
    return libssh2_channel_process_startup(channel, "exec", sizeof("exec") - 1,
                                           command, (unsigned int)strlen(command));
}

/* RFC 4254 6.9's "signal" request: string "signal", boolean want-reply, string the signal's name
   without "SIG". libssh2 1.10 has no libssh2_channel_signal; its process_startup sends exactly
   this with want-reply true (then waits for the answer: the worker's next request waits for
   it too), but only once per channel: after the exec it started, it refuses ("Channel can not be reused") until
   termind_ssh2_channel_rearm_request lets it run again. */
static inline int termind_ssh2_channel_signal(LIBSSH2_CHANNEL *channel, const char *name) {
    return libssh2_channel_process_startup(channel, "signal", sizeof("signal") - 1,
                                           name, (unsigned int)strlen(name));
}

/* libssh2 1.10.0's struct _LIBSSH2_CHANNEL (src/libssh2_priv.h), as far as the state of
   process_startup: the one way to send a second channel request of a free name (the signal)
   with the library's public calls. Used only when the library says it is 1.10.0 and the
   mirror reads back what is known of the channel (its session, its type "session", the
   finished state of its exec); otherwise nothing is touched. Turned off for the process by
   TERMIND_NO_CHANNEL_REARM=1 or a libssh2 of another version (SSH2Library.channelRearm). */
struct termind_ssh2_list_node_1_10 { void *next, *prev, *head; };
struct termind_ssh2_channel_data_1_10 {
    uint32_t id, window_size_initial, window_size, packet_size;
    char close, eof, extended_data_ignore_mode;
};
struct termind_ssh2_requirev_state_1_10 { time_t start; };
struct termind_ssh2_channel_1_10 {
    struct termind_ssh2_list_node_1_10 node;
    unsigned char *channel_type;
    unsigned channel_type_len;
    int exit_status;
    char *exit_signal;
    struct termind_ssh2_channel_data_1_10 local, remote;
    uint32_t adjust_queue;
    uint32_t read_avail;
    LIBSSH2_SESSION *session;
    void *abstract;
    void (*close_cb)(LIBSSH2_SESSION *, void **, LIBSSH2_CHANNEL *, void **);
    int setenv_state;
    unsigned char *setenv_packet;
    size_t setenv_packet_len;
    unsigned char setenv_local_channel[4];
    struct termind_ssh2_requirev_state_1_10 setenv_packet_requirev_state;
    int reqPTY_state;
    unsigned char reqPTY_packet[41 + 256];
    size_t reqPTY_packet_len;
    unsigned char reqPTY_local_channel[4];
    struct termind_ssh2_requirev_state_1_10 reqPTY_packet_requirev_state;
    int reqX11_state;
    unsigned char *reqX11_packet;
    size_t reqX11_packet_len;
    unsigned char reqX11_local_channel[4];
    struct termind_ssh2_requirev_state_1_10 reqX11_packet_requirev_state;
    int process_state;
    unsigned char *process_packet;
};

/* libssh2_NB_state_idle and libssh2_NB_state_end in 1.10.0. */
#define TERMIND_SSH2_NB_IDLE_1_10 0
#define TERMIND_SSH2_NB_END_1_10 16

/* Sets the channel's process_startup back to idle after its exec (or shell) started, so one
   more request can go; 0 when done, -1 when this is not libssh2 1.10.0's layout as expected
   (nothing is changed). */
static inline int termind_ssh2_channel_rearm_request(LIBSSH2_CHANNEL *channel, LIBSSH2_SESSION *session) {
    const char *version = libssh2_version(0);
    if (!version || strcmp(version, "1.10.0") != 0) return -1;
    struct termind_ssh2_channel_1_10 *mirror = (struct termind_ssh2_channel_1_10 *)(void *)channel;
    if (mirror->session != session || mirror->channel_type_len != 7 || !mirror->channel_type
        || memcmp(mirror->channel_type, "session", 7) != 0
        || mirror->process_state != TERMIND_SSH2_NB_END_1_10 || mirror->process_packet != NULL) return -1;
    mirror->process_state = TERMIND_SSH2_NB_IDLE_1_10;
    return 0;
}

static inline int termind_ssh2_channel_shell(LIBSSH2_CHANNEL *channel) {
    return libssh2_channel_process_startup(channel, "shell", sizeof("shell") - 1, NULL, 0);
}

static inline int termind_ssh2_channel_subsystem(LIBSSH2_CHANNEL *channel, const char *subsystem) {
    return libssh2_channel_process_startup(channel, "subsystem", sizeof("subsystem") - 1,
                                           subsystem, (unsigned int)strlen(subsystem));
}

static inline int termind_ssh2_channel_request_pty(LIBSSH2_CHANNEL *channel, const char *term,
                                                   int cols, int rows) {
    return libssh2_channel_request_pty_ex(channel, term, (unsigned int)strlen(term), NULL, 0,
                                          cols, rows, 0, 0);
}

static inline int termind_ssh2_channel_request_pty_size(LIBSSH2_CHANNEL *channel, int cols, int rows) {
    return libssh2_channel_request_pty_size_ex(channel, cols, rows, 0, 0);
}

static inline ssize_t termind_ssh2_channel_read(LIBSSH2_CHANNEL *channel, char *buffer, size_t length) {
    return libssh2_channel_read_ex(channel, 0, buffer, length);
}

static inline ssize_t termind_ssh2_channel_read_stderr(LIBSSH2_CHANNEL *channel, char *buffer, size_t length) {
    return libssh2_channel_read_ex(channel, SSH_EXTENDED_DATA_STDERR, buffer, length);
}

static inline ssize_t termind_ssh2_channel_write(LIBSSH2_CHANNEL *channel, const char *buffer, size_t length) {
    return libssh2_channel_write_ex(channel, 0, buffer, length);
}

static inline int termind_ssh2_userauth_password(LIBSSH2_SESSION *session, const char *username,
                                                 const char *password) {
    return libssh2_userauth_password_ex(session, username, (unsigned int)strlen(username),
                                        password, (unsigned int)strlen(password), NULL);
}

static inline int termind_ssh2_userauth_keyboard_interactive(
    LIBSSH2_SESSION *session, const char *username,
    LIBSSH2_USERAUTH_KBDINT_RESPONSE_FUNC((*response_callback))) {
    return libssh2_userauth_keyboard_interactive_ex(session, username, (unsigned int)strlen(username),
                                                    response_callback);
}

/* Called with each SSH_MSG_IGNORE's string (its 4-byte length first). */
typedef void (*termind_ssh2_ignore_callback)(LIBSSH2_SESSION *session, const char *message, int length,
                                            void **abstract);

static inline void termind_ssh2_set_ignore_callback(LIBSSH2_SESSION *session, termind_ssh2_ignore_callback callback) {
    libssh2_session_callback_set(session, LIBSSH2_CALLBACK_IGNORE, (void *)callback);
}

/* The session's abstract pointer is how C callbacks find their Swift owner. */
static inline void *termind_ssh2_session_abstract(LIBSSH2_SESSION *session) {
    return *libssh2_session_abstract(session);
}

#endif
