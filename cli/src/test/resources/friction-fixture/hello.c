/*
 * The friction command's fixture app: an HTTP/1.1 server on 127.0.0.1:$PORT that answers every request with
 * 200 and the greeting, one connection at a time. Fast to build, so the measurement's tests stay short.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "../friction-shared/greeting.h"

int main(void) {
    const char *port = getenv("PORT");
    if (port == NULL) {
        fprintf(stderr, "PORT is not set\n");
        return 2;
    }
    int server = socket(AF_INET, SOCK_STREAM, 0);
    int on = 1;
    setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short) atoi(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(server, (struct sockaddr *) &address, sizeof address) != 0 || listen(server, 64) != 0) {
        perror("bind");
        return 1;
    }
    char request[4096];
    char response[256];
    int length = snprintf(response, sizeof response, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
            "Content-Length: %zu\r\nConnection: close\r\n\r\n%s", strlen(GREETING), GREETING);
    for (;;) {
        int client = accept(server, NULL, NULL);
        if (client < 0) continue;
        ssize_t n = read(client, request, sizeof request);
        if (n > 0) write(client, response, (size_t) length);
        close(client);
    }
}
