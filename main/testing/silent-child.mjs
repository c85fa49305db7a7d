/* global setInterval */
// A child that starts and never reports: the embedded server's start-up time-out must end it.
setInterval(() => {}, 1000);
