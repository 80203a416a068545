package dev.fairbench.apps.spring;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The {@code /error} page Tomcat forwards its own errors to (a malformed request, an error sent outside a
 * controller), answering with the contract's bodies instead of Tomcat's HTML page. Being an {@link ErrorController}
 * bean, it replaces Boot's {@code BasicErrorController} and its JSON.
 */
@RestController
final class ContainerErrors implements ErrorController {

    /** Asked for directly, {@code /error} is just another unknown path. */
    @RequestMapping("/error")
    ResponseEntity<byte[]> containerError(HttpServletRequest request) {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        return status instanceof Integer code ? Responses.status(code) : Responses.notFound();
    }
}
